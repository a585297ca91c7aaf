import styled, { keyframes } from 'styled-components';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const Track = styled.div`
  position: relative;
  height: 4px;
  overflow: hidden;
  background: rgba(211, 47, 47, 0.2);
`;

const Bar = styled.div`
  position: absolute;
  inset: 0 auto 0 0;
  width: 40%;
  background: ${({ theme }) => theme.colors.accent};
  animation: ${slide} 1.2s ease-in-out infinite;
`;

/** The thin indeterminate progress bar (top bar, dialogs while submitting). */
export function ProgressBar({ label = 'Loading' }: { label?: string }) {
  return (
    <Track role="progressbar" aria-label={label}>
      <Bar />
    </Track>
  );
}

const spin = keyframes`to { transform: rotate(360deg); }`;

const SpinnerCircle = styled.div`
  width: 28px;
  height: 28px;
  margin: 16px auto;
  border-radius: 50%;
  border: 3px solid rgba(211, 47, 47, 0.2);
  border-top-color: ${({ theme }) => theme.colors.accent};
  animation: ${spin} 0.8s linear infinite;
`;

export function Loader({ label = 'Loading' }: { label?: string }) {
  return <SpinnerCircle role="status" aria-label={label} />;
}
