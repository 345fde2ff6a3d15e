import styles from "./skeleton.module.css";

/** A placeholder block; decorative, so hidden from assistive technology. */
export function Skeleton({ width = "100%", height = "1rem" }: { width?: string; height?: string }) {
  return <span className={styles.skeleton} style={{ width, height }} aria-hidden="true" />;
}

/**
 * A loading region: sighted users see placeholder shapes, screen readers hear the label
 * once (role=status) instead of a row of empty boxes.
 */
export function SkeletonGroup({ label, rows = 3, columns = 1, rowHeight = "2.75rem" }: { label: string; rows?: number; columns?: number; rowHeight?: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div className={styles.group} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
        {Array.from({ length: rows * columns }, (_, index) => (
          <Skeleton key={index} height={rowHeight} />
        ))}
      </div>
    </div>
  );
}
