import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Skeleton.module.css';

interface SkeletonProps {
  /** CSS width (a number is pixels); default the whole line. */
  width?: number | string;
  /** CSS height (a number is pixels); default one line of the surrounding text. */
  height?: number | string;
  /** A circle (an avatar) instead of a rounded bar. */
  round?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A shimmering placeholder where a value will appear once its data arrives: never a made-up
 * value ("?", "0", "Not certified") that reads as real. Announced as "loading" once per group
 * by `SkeletonGroup`; a bare one is hidden from screen readers.
 */
export function Skeleton({ width, height, round, className, testId }: SkeletonProps) {
  const style: CSSProperties = { width, height: round ? (height ?? width) : height };
  return (
    <span
      className={`${styles.skeleton} ${round ? styles.round : ''} ${className ?? ''}`}
      style={style}
      aria-hidden="true"
      data-skeleton=""
      data-testid={testId}
    />
  );
}

/** Marks a region that is still loading, for assistive technology (`aria-busy`), around its skeletons. */
export function SkeletonGroup({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className} aria-busy="true" aria-label={t('common.loading')} data-testid={testId}>
      {children}
    </div>
  );
}
