import '@testing-library/jest-dom';
import { mockApi } from '@blogstream/shared/testing';

// jsdom does not lay out pages; scrolling is a no-op there.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// No test reaches the network: calls nobody mocked answer 404 (tests mock what they need).
mockApi({});

// Radix's select asks for pointer capture, which jsdom does not implement.
Element.prototype.hasPointerCapture = () => false;
Element.prototype.releasePointerCapture = () => undefined;
