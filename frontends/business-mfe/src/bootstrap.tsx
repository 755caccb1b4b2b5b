/**
 * The remote has no page of its own: the shell loads `./BusinessRoutes` through
 * mf-manifest.json. Opening the remote's entry directly shows where it belongs.
 */
const root = document.getElementById('root');
if (root) {
  root.textContent =
    'This is the TrustCircle business remote. Open the TrustCircle shell to use it.';
}
export {};
