// The styles belong to the entry, not the async bootstrap: html-webpack-plugin links them in
// <head>, so the browser fetches them beside main.js instead of after it has run.
import './styles.scss';
// The session check starts now, beside the bootstrap chunks' download (early-session.ts).
import './early-session';
// So does the remote configuration, and the first page's remote if it belongs to one.
import { startRemotesEarly } from './federation/remote-tables';

startRemotesEarly(window.location.pathname);
// The async boundary lets Module Federation negotiate the shared singletons first (pitfalls.md).
import('./bootstrap');
