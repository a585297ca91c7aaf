import { renderWithProviders } from '@blogstream/shared/testing';
import { Root } from './root';

describe('routes of other remotes', () => {
  it('renders nothing there', () => {
    const { container } = renderWithProviders(<Root />, { route: '/', reader: null });
    expect(container).toBeEmptyDOMElement();
  });
});
