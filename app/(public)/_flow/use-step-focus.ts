"use client";

import { useEffect, useRef } from "react";

/**
 * After a step change, focus the new step's heading so keyboard and screen-reader users
 * start at the top of what changed (not on the first render: the page itself is new).
 */
export function useStepFocus(step: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  return heading;
}
