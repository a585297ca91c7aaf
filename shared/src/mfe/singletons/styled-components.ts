// Shared under the key 'styled-components' (config/mf-shared.mjs): one style sheet and theme
// context for every container, holding only the names in config/slim-singletons.json. The package
// is imported by its file, a request the share key does not match.
export {
  default,
  ThemeProvider,
  createGlobalStyle,
  css,
  keyframes,
  styled,
  useTheme,
} from 'styled-components/dist/styled-components.esm.js';
