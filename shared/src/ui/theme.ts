const light = {
  accent: '#d32f2f',
  accentHover: '#b71c1c',
  onAccent: '#ffffff',
  text: '#1f2328',
  textMuted: '#59636e',
  background: '#ffffff',
  surface: '#f6f8fa',
  border: '#d1d9e0',
  success: '#2e7d32',
  error: '#c62828',
  errorSurface: '#fdecea',
  focus: '#0b57d0',
  hover: 'rgba(0, 0, 0, 0.06)',
  overlay: 'rgba(0, 0, 0, 0.45)',
};

export type ColorName = keyof typeof light;
export type Palette = Record<ColorName, string>;

/** Dark: the accent and status colours turn light, so the text on them turns dark (AA contrast). */
const dark: Palette = {
  accent: '#f47067',
  accentHover: '#ff8f87',
  onAccent: '#0d1117',
  text: '#e6edf3',
  textMuted: '#9198a1',
  background: '#0d1117',
  surface: '#161b22',
  border: '#3d444d',
  success: '#3fb950',
  error: '#ff7b72',
  errorSurface: '#3d1a1c',
  focus: '#58a6ff',
  hover: 'rgba(255, 255, 255, 0.08)',
  overlay: 'rgba(1, 4, 9, 0.7)',
};

export const palettes = { light, dark } as const;

const colorNames = Object.keys(light) as ColorName[];
const variableOf = (name: ColorName) =>
  `--bs-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** A palette as CSS custom property declarations: `--bs-text: #1f2328; ...`. */
export const colorDeclarations = (palette: Palette): string =>
  colorNames.map((name) => `${variableOf(name)}: ${palette[name]};`).join(' ');

/**
 * The colours are CSS custom properties on <html>, so every remote (each a separate build) and the
 * prerendered first views switch theme together, without a render: light by default, dark when
 * the reader chose it (`data-theme="dark"`) or follows a dark system (no `data-theme`). The shell's
 * index.html carries the same rules for the first paint (index-html.test.ts).
 */
export const colorSchemeCss = `
  :root { color-scheme: light; ${colorDeclarations(light)} }
  :root[data-theme='dark'] { color-scheme: dark; ${colorDeclarations(dark)} }
  @media (prefers-color-scheme: dark) {
    :root:not([data-theme='light']) { color-scheme: dark; ${colorDeclarations(dark)} }
  }
`;

/** The design tokens of the site (spec §9: red accent, xs/sm are mobile, 250px drawer). */
export const theme = {
  colors: Object.fromEntries(
    colorNames.map((name) => [name, `var(${variableOf(name)})`]),
  ) as Record<ColorName, string>,
  /** Lower bounds in px, as in Material UI; xs and sm count as mobile. */
  breakpoints: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
  layout: { drawerWidth: 250, drawerRailWidth: 64, topBarHeight: 64, contentMaxWidth: 960 },
  dialogWidths: { wide: 600, narrow: 290 },
  radius: { small: 4, medium: 8, pill: 999 },
  shadow: {
    raised: '0 1px 3px rgba(0,0,0,0.12), 0 1px 2px rgba(0,0,0,0.08)',
    overlay: '0 12px 32px rgba(0,0,0,0.24)',
  },
  font: {
    family: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { small: '0.875rem', body: '1rem', large: '1.25rem', title: '1.5rem' },
  },
} as const;

export type AppTheme = typeof theme;

/** Media queries: `mobile` is xs and sm, `desktop` is md and up. */
export const media = {
  mobile: `@media (max-width: ${theme.breakpoints.md - 0.05}px)`,
  desktop: `@media (min-width: ${theme.breakpoints.md}px)`,
} as const;
