/**
 * The toast viewport: bottom-right, F8 focuses it, swipe right (50 px) on × or a click on × dismisses.
 * Toasts never block a control: taps and clicks on a toast (all but its ×) reach the page beneath.
 */
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { styled } from 'styled-components';
import { theme } from '../../views/ui/theme';
import { sc } from '../../views/ui/sc';
import {
  dismiss,
  subscribe,
  takePendingToast,
  toast,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastItem,
} from './toast';

const Viewport = styled.ol.withConfig(sc('ToastViewport'))`
  position: fixed;
  right: 0;
  bottom: 0;
  z-index: 100;
  display: flex;
  flex-direction: column;
  gap: ${theme.space[2]};
  width: 100%;
  max-width: 420px;
  margin: 0;
  padding: ${theme.space[4]};
  list-style: none;
  outline: none;
  pointer-events: none;
`;

const Card = styled.li.withConfig(sc('ToastCard'))<{ $destructive: boolean }>`
  position: relative;
  padding: ${theme.space[4]} ${theme.space[6]} ${theme.space[4]} ${theme.space[4]};
  border-radius: ${theme.radius.card};
  border: 1px solid ${(p) => (p.$destructive ? theme.color.danger : theme.color.line)};
  background: ${(p) => (p.$destructive ? theme.color.danger : theme.color.surface)};
  color: ${(p) => (p.$destructive ? theme.color.white : theme.color.ink)};
  box-shadow: 0 6px 24px rgba(31, 35, 40, 0.12);
  font-family: ${theme.font.family};
  pointer-events: none;
  transition: transform 120ms ease-out;
`;

const Title = styled.div.withConfig(sc('ToastTitle'))`
  font-weight: 600;
  font-size: ${theme.font.size.sm};
`;

const Description = styled.div.withConfig(sc('ToastDescription'))`
  font-size: ${theme.font.size.sm};
  opacity: 0.9;
  margin-top: 2px;
`;

const Close = styled.button.withConfig(sc('ToastClose'))`
  position: absolute;
  top: 8px;
  right: 8px;
  border: 0;
  background: transparent;
  color: inherit;
  font-size: 18px;
  line-height: 1;
  cursor: pointer;
  padding: 4px;
  pointer-events: auto;
  touch-action: pan-y;
`;

function Toast({ item }: { item: ToastItem }) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => dismiss(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id]);

  return (
    <Card
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-variant={item.variant ?? 'default'}
      $destructive={item.variant === 'destructive'}
      style={{ transform: `translateX(${offset}px)` }}
    >
      <Title>{item.title}</Title>
      {item.description ? <Description>{item.description}</Description> : null}
      <Close
        type="button"
        aria-label="Close"
        onClick={() => dismiss(item.id)}
        onPointerDown={(e) => {
          start.current = e.clientX;
          e.currentTarget.setPointerCapture(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (start.current !== null) setOffset(Math.max(0, e.clientX - start.current));
        }}
        onPointerUp={() => {
          if (offset > TOAST_SWIPE_THRESHOLD_PX) dismiss(item.id);
          start.current = null;
          setOffset(0);
        }}
      >
        ×
      </Close>
    </Card>
  );
}

function Toaster() {
  const [items, setItems] = useState<ToastItem[]>([]);
  const viewport = useRef<HTMLOListElement>(null);

  useEffect(() => subscribe(setItems), []);
  useEffect(() => {
    const pending = takePendingToast();
    if (pending) toast(pending);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') viewport.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label="Notifications (F8)">
      <Viewport ref={viewport} tabIndex={-1} data-testid="toasts">
        {items
          .filter((t) => t.open)
          .map((t) => (
            <Toast key={t.id} item={t} />
          ))}
      </Viewport>
    </section>
  );
}

export function mountToaster(): void {
  const host = document.createElement('div');
  host.id = 'toaster';
  document.body.appendChild(host);
  createRoot(host).render(<Toaster />);
}
