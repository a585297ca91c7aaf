import { useCallback, useState } from 'react';

/**
 * State shared by the two captcha forms (sign-up, forgot password): the solved token, the error
 * banner (hidden at each submit, cleared when the captcha is completed, spec §4) and a key that
 * remounts the captcha after a failed attempt, since a token is good for one submission.
 */
export function useCaptchaForm() {
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [failure, setFailure] = useState<string>();
  const [captchaKey, setCaptchaKey] = useState(0);

  const onCaptchaChange = useCallback((token: string | null) => {
    setCaptchaToken(token);
    if (token) setFailure(undefined);
  }, []);

  const failWith = useCallback((message: string) => {
    setFailure(message);
    setCaptchaToken(null);
    setCaptchaKey((key) => key + 1);
  }, []);

  return { captchaToken, onCaptchaChange, failure, setFailure, failWith, captchaKey };
}
