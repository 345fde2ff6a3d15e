"use client";

import { useCallback, useEffect, useState } from "react";

type FocusRequest = { target: () => HTMLElement | null };

/**
 * Focus an element once React has committed the state set alongside the request.
 *
 * After an `await`, React commits in a later task, so an animation frame can run before the
 * new markup exists (or while a modal dialog still makes the page inert) and the focus is
 * silently dropped. An effect runs after the commit and after the children's effects (a
 * dialog has closed by then), so the element is there and focusable.
 */
export function useFocusAfterCommit() {
  const [request, setRequest] = useState<FocusRequest | null>(null);
  useEffect(() => {
    request?.target()?.focus();
  }, [request]);
  return useCallback((target: () => HTMLElement | null) => setRequest({ target }), []);
}
