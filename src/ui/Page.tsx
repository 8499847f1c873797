import type { ReactNode, Ref } from 'react';
import { NavBar, type NavBarProps } from './NavBar';
import styles from './Page.module.css';

interface PageProps extends Partial<NavBarProps> {
  children: ReactNode;
  /** Replaces the standard nav bar (the home page has its own header). */
  header?: ReactNode;
  /** The scrolling body, for virtual lists that scroll with the page. */
  bodyRef?: Ref<HTMLDivElement>;
  className?: string;
}

/** A page: the nav bar, then a body that scrolls on its own. */
export function Page({ children, header, bodyRef, className, title, ...nav }: PageProps) {
  return (
    <div className={styles.page}>
      {header ?? <NavBar title={title ?? ''} {...nav} />}
      <div ref={bodyRef} className={`${styles.body} ${className ?? ''}`}>
        {children}
      </div>
    </div>
  );
}
