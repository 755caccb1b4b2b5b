// The async boundary lets Module Federation negotiate the shared singletons first (pitfalls.md).
import('./bootstrap');
