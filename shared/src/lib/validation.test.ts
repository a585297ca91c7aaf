import { collectErrors, emailError, newPasswordError, requiredError } from '@blogstream/shared/lib';

describe('form validation (spec §5)', () => {
  it('requires an e-mail and wants it to look like one', () => {
    expect(emailError('')).toBe('E-mail is required');
    expect(emailError('   ')).toBe('E-mail is required');
    expect(emailError('ada')).toBe('Please enter a valid e-mail');
    expect(emailError('ada@example')).toBe('Please enter a valid e-mail');
    expect(emailError(' ada@example.com ')).toBeUndefined();
  });

  it('treats blank text as missing', () => {
    expect(requiredError(' ', 'Name is required')).toBe('Name is required');
    expect(requiredError('Ada', 'Name is required')).toBeUndefined();
  });

  it('wants new passwords of at least 8 characters', () => {
    expect(newPasswordError('')).toBe('Password is required');
    expect(newPasswordError('short')).toBe('Password must be at least 8 characters');
    expect(newPasswordError('long enough')).toBeUndefined();
  });

  it('keeps only the fields that failed', () => {
    expect(collectErrors({ name: undefined, email: 'E-mail is required' })).toEqual({
      email: 'E-mail is required',
    });
  });
});
