// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  output: 'static',
  trailingSlash: 'never',
  // /login is dist/login.html: clean URLs without trailing slashes on every static host.
  build: { format: 'file', inlineStylesheets: 'never' },
  i18n: {
    locales: ['en', 'ru', 'es', 'ar', 'tr', 'de'],
    defaultLocale: 'en',
    routing: { prefixDefaultLocale: false },
  },
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
});
