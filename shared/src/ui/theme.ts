/** The design tokens of the site (spec §9: red accent, xs/sm are mobile, 250px drawer). */
export const theme = {
  colors: {
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
    focus: '#0b57d0',
    overlay: 'rgba(0, 0, 0, 0.45)',
  },
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
