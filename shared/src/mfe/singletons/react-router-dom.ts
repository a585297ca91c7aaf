// Shared under the key 'react-router-dom' (config/mf-shared.mjs): the router every container uses,
// holding only the names in config/slim-singletons.json, from react-router itself (which nothing
// else imports, so there is one copy).
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
