import { LABEL_MESSAGES } from '@portal/shared-contracts/messages/labels';
import { TIMINGS } from '@portal/shared-contracts/constants';
import { useEffect, useState } from 'react';
import { COPY } from '../../shared/copy';
import styles from './carousel.module.css';
import { CarouselArt } from './carousel-art';

const SLIDES = LABEL_MESSAGES.labels.carouselThemes.map((theme, i) => ({ theme, text: COPY.carousel.slides[i]?.text ?? '' }));

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The three sign-up themes, one every `TIMINGS.carouselMs`. Rotation stops while the pointer or focus is
 * inside, when the user pauses it, and never starts for people who ask for reduced motion (WCAG 2.2.2).
 */
export function Carousel({ intervalMs = TIMINGS.carouselMs }: { intervalMs?: number }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const running = !paused && !hovered && !focused;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), intervalMs);
    return () => clearInterval(timer);
  }, [running, intervalMs]);

  return (
    <section
      className={styles.carousel}
      aria-roledescription={COPY.carousel.roleCarousel}
      aria-label={COPY.carousel.label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.slides} aria-live={running ? 'off' : 'polite'}>
        {SLIDES.map((slide, i) => (
          <div
            key={slide.theme}
            className={i === index ? `${styles.slide} ${styles.active}` : styles.slide}
            role="group"
            aria-roledescription={COPY.carousel.roleSlide}
            aria-label={COPY.carousel.slideLabel(i + 1, SLIDES.length, slide.theme)}
            aria-hidden={i !== index}
          >
            <CarouselArt theme={i} className={styles.art} />
            <p className={styles.theme}>{slide.theme}</p>
            <p className={styles.text}>{slide.text}</p>
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <ul className={styles.dots}>
          {SLIDES.map((slide, i) => (
            <li key={slide.theme}>
              <button
                type="button"
                className={styles.dot}
                aria-label={COPY.carousel.goTo(i + 1, SLIDES.length)}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              />
            </li>
          ))}
        </ul>
        <button type="button" className={styles.toggle} aria-label={paused ? COPY.carousel.play : COPY.carousel.pause} onClick={() => setPaused((p) => !p)}>
          {paused ? (
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
              <path d="M3 1.5v9l7-4.5z" fill="currentColor" />
            </svg>
          ) : (
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
              <path d="M3 1.5v9M9 1.5v9" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          )}
        </button>
      </div>
    </section>
  );
}
