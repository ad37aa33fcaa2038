// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import staticHost from './src/integrations/static-host.ts';
import { islandChunks } from './src/integrations/island-chunks.ts';
import { defaultLocale, locales } from './src/i18n/locales.ts';

export default defineConfig({
  output: 'static',
  // 'ignore': the dev server must pass /api/.../ (trailing slashes, spec §7) through to the API proxy.
  trailingSlash: 'ignore',
  // /login is dist/login.html: clean URLs without trailing slashes on every static host.
  build: { format: 'file', inlineStylesheets: 'never' },
  i18n: {
    locales: [...locales],
    defaultLocale,
    routing: { prefixDefaultLocale: false },
  },
  integrations: [react(), staticHost()],
  vite: {
    plugins: [tailwindcss(), islandChunks()],
    // `npm run dev` runs the API beside Astro's dev server; the browser sees one origin.
    server: { proxy: { '/api': `http://localhost:${process.env.API_PORT ?? 4322}` } },
  },
});
