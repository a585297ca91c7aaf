// Entry of the remote when it runs alone; the composed site loads ./app from remoteEntry.js.
// Async boundary: lets Module Federation negotiate shared singletons first.
import('./standalone');
