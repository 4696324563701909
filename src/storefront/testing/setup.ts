import { configure } from "@testing-library/dom";

// Typing with user-event is slow on a loaded 2-core CI machine; wait up to 5 s for what a test expects.
configure({ asyncUtilTimeout: 5000 });

// The test files of a worker share one module graph and one jsdom (vitest.config.ts, `isolate: false`): each file
// starts from an empty document, whatever the file before it left in it.
document.head.innerHTML = "";
document.body.innerHTML = "";
