import { createElement, type CSSProperties, type ReactNode } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import styles from './Icon.module.css';

function draw(nodes: AbstractNode[] | undefined): ReactNode[] | undefined {
  return nodes?.map((node, i) => createElement(node.tag, { key: i, ...node.attrs }, draw(node.children)));
}

/**
 * An antd icon drawn as plain inline SVG from its path data (`@ant-design/icons-svg`), for the
 * public pages: `@ant-design/icons` brings its own runtime (context, style injection, colour
 * helpers; 15 KB with brotli) and would put antd's core in every page's first load. Decorative
 * only (hidden from assistive technology): the text beside it names the control.
 */
export function Icon({ icon, className, style }: { icon: IconDefinition; className?: string; style?: CSSProperties }) {
  const svg = icon.icon as AbstractNode;
  return (
    <svg
      {...svg.attrs}
      className={className ? `${styles.icon} ${className}` : styles.icon}
      style={style}
      width="1em"
      height="1em"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {draw(svg.children)}
    </svg>
  );
}
