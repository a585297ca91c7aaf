// Shared under the key 'react-redux' (config/mf-shared.mjs): the Provider and the hooks every
// container uses, and what Redux Toolkit's React hooks take from react-redux, holding only the
// names in config/slim-singletons.json. The package is imported
// by its other entry (the same file), a request the share key does not match.
export {
  Provider,
  ReactReduxContext,
  batch,
  shallowEqual,
  useDispatch,
  useSelector,
  useStore,
} from 'react-redux/alternate-renderers';
