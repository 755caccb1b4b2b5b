/**
 * The routing API every frontend uses, re-exported from react-router-dom. The host and the
 * remotes share it through this package (a Module Federation singleton, so one router context)
 * instead of sharing react-router-dom itself: a shared module keeps every export of its
 * package, and react-router 7's (server rendering, data routers, RSC) were 62 kB gzip of the
 * first screen's JavaScript. Re-exported one by one, webpack keeps only these. A frontend
 * needing another export adds it here; eslint forbids importing react-router-dom elsewhere
 * (tests may, for MemoryRouter).
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
