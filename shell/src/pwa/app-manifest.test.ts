import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { palettes } from '@blogstream/shared/ui';

const read = (file: string) => readFileSync(join(__dirname, file), 'utf8');
const manifest = JSON.parse(read('manifest.webmanifest')) as {
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string }[];
};

it('makes the site installable: standalone from /, in the theme accent, with 192 and 512 px icons', () => {
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toBe(palettes.light.accent);
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
  for (const icon of manifest.icons) {
    const [width] = icon.sizes.split('x').map(Number);
    const png = readFileSync(join(__dirname, icon.src.replace(/^\//, '')));
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(width);
  }
});

it('is linked from the shell page', () => {
  const page = read('../index.html');
  expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
  expect(existsSync(join(__dirname, 'icon-192.png'))).toBe(true);
});
