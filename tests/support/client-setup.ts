// jsdom lacks IndexedDB; the offline outbox and the persisted query cache need one.
import 'fake-indexeddb/auto';
