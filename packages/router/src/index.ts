// The routing API the apps use, and only that. Shared as one singleton, this module is tree-shaken
// inside its own chunk. React Router 6 rather than 7: for this same API, 7 ships ~44 KB br through
// webpack (its framework and data routers do not shake out) against ~10 KB for 6.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
