import { configure } from "@testing-library/dom";

// Typing with user-event is slow on a loaded 2-core CI machine; wait up to 5 s for what a test expects.
configure({ asyncUtilTimeout: 5000 });
