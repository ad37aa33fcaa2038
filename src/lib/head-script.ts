import { defaultLocale, LANG_STORAGE_KEY, locales } from '../i18n/locales.ts';
import { LOGIN_PATH } from './routes.ts';
import { NEXT_PARAM, USER_DATA_KEY } from './storage-keys.ts';

const prefixed = locales.filter((l) => l !== defaultLocale).join('|');

/**
 * The one inline script of every page, run in <head> before first paint, identical on
 * every page so a CSP can allow it by a single hash. It:
 *  1. takes `?lang=xx` (the language picker's links) as the visitor's choice and stores it;
 *  2. stores the default language when none is stored (spec §4);
 *  3. sends a visitor whose stored language differs from the page's to the same route in
 *     the stored language;
 *     (except on pages marked `data-any-lang`, such as the not-found page, which
 *     static hosts serve for every locale);
 *  4. on pages marked `data-guard`, sends a visitor without a token to the login page of
 *     the current language (spec §2, §4, §6), remembering where they were going.
 * It is written in ES5-level JavaScript so the oldest phone browsers can run it.
 */
export const headScript = `(function(d,w,s){try{
var L=${JSON.stringify(locales)},h=d.documentElement,loc=w.location,q=new URLSearchParams(loc.search),p=q.get("lang"),qs=loc.search;
if(L.indexOf(p)>=0){s.setItem("${LANG_STORAGE_KEY}",p);q.delete("lang");qs=q.toString();qs=qs?"?"+qs:"";w.history.replaceState(null,"",loc.pathname+qs+loc.hash)}
var lang=s.getItem("${LANG_STORAGE_KEY}");if(L.indexOf(lang)<0){lang="${defaultLocale}";s.setItem("${LANG_STORAGE_KEY}",lang)}
var path=loc.pathname.replace(/^\\/(${prefixed})(?=\\/|$)/,"")||"/";
function to(l,x){return l==="${defaultLocale}"?x:"/"+l+(x==="/"?"":x)}
function go(u){h.setAttribute("data-leaving","");loc.replace(u)}
if(lang!==h.lang&&!h.hasAttribute("data-any-lang")){go(to(lang,path)+qs+loc.hash);return}
if(h.hasAttribute("data-guard")){var u=null;try{u=JSON.parse(s.getItem("${USER_DATA_KEY}")||"null")}catch(e){}
if(!u||!u.token)go(to(lang,"${LOGIN_PATH}")+"?${NEXT_PARAM}="+encodeURIComponent(path+qs))}
}catch(e){}})(document,window,localStorage);`;
