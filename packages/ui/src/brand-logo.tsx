import { Box, type BoxProps } from '@mantine/core';
import { useId } from 'react';

export interface BrandLogoProps extends BoxProps {
  /** Height of the mark in px; the wordmark scales with it. */
  size?: number;
  /** Show only the mark (narrow headers). */
  isMarkOnly?: boolean;
  /** White wordmark for coloured or photo backgrounds. */
  isInverse?: boolean;
}

/** The product's name as shown in the logo and the page titles. */
export const BRAND_NAME = 'Dance Training';

/**
 * The brand logo: a gradient "spotlight" mark with a dancer's leap, and the wordmark beside it.
 * Drawn in SVG and text so it stays sharp and follows the colour scheme.
 */
export function BrandLogo({ size = 34, isMarkOnly = false, isInverse = false, ...boxProps }: BrandLogoProps) {
  // Several logos can share a page (header, drawer, footer): each needs its own gradient id.
  const gradientId = useId();
  return (
    <Box
      component="span"
      {...boxProps}
      style={{ display: 'inline-flex', alignItems: 'center', gap: size * 0.3 }}
      aria-label={BRAND_NAME}
      role="img"
    >
      <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stopColor="#ee4f96" />
            <stop offset="55%" stopColor="#8b3fd1" />
            <stop offset="100%" stopColor="#4848bb" />
          </linearGradient>
        </defs>
        <rect width="48" height="48" rx="14" fill={`url(#${gradientId})`} />
        {/* A leaping dancer: head, arched body, extended legs. */}
        <circle cx="29" cy="11.5" r="3.6" fill="#fff" />
        <path
          d="M27.5 16.5c-3.2 3.4-5.4 7.2-6.4 11.3M21.3 27.6 10.5 33.5M21.3 27.6l9.6 8.9M26.2 19.6l10.3-3.4M25 20.5l-9.8-5.8"
          stroke="#fff"
          strokeWidth="3.4"
          strokeLinecap="round"
          strokeLinejoin="round"
          fill="none"
        />
      </svg>
      {!isMarkOnly && (
        <span
          className="dance-wordmark"
          style={{ fontSize: size * 0.56, color: isInverse ? '#fff' : undefined }}
          aria-hidden="true"
        >
          DANCE{' '}
          <span
            className={isInverse ? undefined : 'dance-wordmark-accent'}
            style={isInverse ? { opacity: 0.78 } : undefined}
          >
            TRAINING
          </span>
        </span>
      )}
    </Box>
  );
}
