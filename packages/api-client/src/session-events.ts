type Listener = () => void;

const listeners = new Set<Listener>();

/**
 * Lets parts that load later (the query cache) forget everything on logout, without the
 * session code — which the sign-in page loads — depending on them.
 */
export function onSessionEnd(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitSessionEnd(): void {
  for (const listener of listeners) listener();
}
