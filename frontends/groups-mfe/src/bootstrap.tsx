/**
 * Loaded on its own (outside the shell) the remote renders nothing: its pages need the
 * shell's router, query client, session and toasts. The shell loads `./GroupsRoutes` instead.
 */
export {};
