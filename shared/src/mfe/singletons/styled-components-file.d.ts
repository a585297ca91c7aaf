// The file styled-components.ts imports, typed as the package it is.
declare module 'styled-components/dist/styled-components.esm.js' {
  export * from 'styled-components';
  export { default } from 'styled-components';
}
