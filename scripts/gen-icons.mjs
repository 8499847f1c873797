// `node scripts/gen-icons.mjs`: the installable app's PNG icons, drawn from public/logo.svg with sharp.
// Run it again after changing the logo and commit the PNGs (docs/PLATFORM.md "Installable app").
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = path.join(root, 'public/icons');
const logo = readFileSync(path.join(root, 'public/logo.svg'), 'utf8');

// Launchers that shape icons themselves (Android's maskable masks, iOS's rounded square) need a
// full-bleed square: the logo without its corner radius. Its mark already sits inside the
// maskable safe zone (a circle of 40% of the size around the centre).
const fullBleed = logo.replace(/(<rect\b[^>]*?)\s+rx="[^"]*"/, '$1');
if (fullBleed === logo) throw new Error('public/logo.svg: expected a <rect rx="…"> background to square off');

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  { file: 'maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
  // The small monochrome-friendly badge Android shows in the status bar for a push notification.
  { file: 'badge-96.png', size: 96, svg: fullBleed },
];

mkdirSync(outDir, { recursive: true });
for (const { file, size, svg } of ICONS) {
  await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(outDir, file));
  console.log(`public/icons/${file} (${size}×${size})`);
}
