import { useEffect, useRef } from 'react';
import type {} from 'altcha/types/react';
import styled from 'styled-components';
import { usePublicConfigQuery } from '@blogstream/shared/api';

export interface CaptchaProps {
  /** The token to send as recaptchaVerifyToken once solved; null when (again) unsolved. */
  onChange: (token: string | null) => void;
}

const Box = styled.div`
  margin: 8px 0 16px;
  min-height: 64px;
`;

/**
 * The captcha the server asks for (public config): the self-hosted ALTCHA proof of work by
 * default, Google reCAPTCHA when the operator configured it. Remount it (change its key) to get
 * a fresh one: a token is good for one submission.
 */
export function Captcha({ onChange }: CaptchaProps) {
  const { data: config } = usePublicConfigQuery();
  if (!config) return <Box aria-busy="true" />;
  return (
    <Box>
      {config.captcha.provider === 'altcha' ? (
        <AltchaCaptcha challengeUrl={config.captcha.challengeUrl} onChange={onChange} />
      ) : (
        <Recaptcha siteKey={config.captcha.siteKey} onChange={onChange} />
      )}
    </Box>
  );
}

interface AltchaStateChange extends Event {
  detail: { state: string; payload?: string };
}

function AltchaCaptcha({ challengeUrl, onChange }: { challengeUrl: string } & CaptchaProps) {
  const widget = useRef<HTMLElement>(null);
  useEffect(() => {
    // The web component registers itself when its module loads; load it only where it is used.
    import('altcha').catch((error: unknown) => console.error('Could not load the captcha', error));
  }, []);
  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as AltchaStateChange).detail;
      onChange(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [onChange]);
  return <altcha-widget ref={widget} challenge={challengeUrl} type="checkbox" />;
}

interface Grecaptcha {
  render(
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void },
  ): number;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha & { ready(callback: () => void): void };
  }
}

const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit';

function loadRecaptcha(): Promise<void> {
  if (window.grecaptcha) return new Promise((resolve) => window.grecaptcha?.ready(resolve));
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.onload = () => window.grecaptcha?.ready(resolve);
    script.onerror = () => reject(new Error('reCAPTCHA could not be loaded'));
    document.head.appendChild(script);
  });
}

function Recaptcha({ siteKey, onChange }: { siteKey: string } & CaptchaProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let cancelled = false;
    loadRecaptcha()
      .then(() => {
        if (cancelled || !container.current || !window.grecaptcha) return;
        window.grecaptcha.render(container.current, {
          sitekey: siteKey,
          callback: (token) => onChange(token),
          'expired-callback': () => onChange(null),
        });
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
    };
  }, [siteKey, onChange]);
  return <div ref={container} />;
}
