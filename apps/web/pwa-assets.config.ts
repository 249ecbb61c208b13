import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

/** The brand colour of the logo (and of index.html's theme-color). */
const BRAND = '#1d5a80';

/**
 * Every app icon comes from the one logo (public/icons/logo.svg), and lands beside it in
 * dist/icons/: pwa-64x64.png, pwa-192x192.png, pwa-512x512.png, maskable-icon-512x512.png,
 * apple-touch-icon-180x180.png and favicon.ico. The server's manifest names exactly these
 * paths. Maskable and Apple icons are cut to shape by the phone, so they get the brand colour
 * behind the logo instead of white: the rounded square then melts into a full-bleed background.
 */
export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, padding: 0.3, resizeOptions: { background: BRAND } },
    apple: { ...minimal2023Preset.apple, padding: 0.2, resizeOptions: { background: BRAND } },
  },
  images: ['public/icons/logo.svg'],
});
