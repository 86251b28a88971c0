// Node 24's V8 (13.6) can abort the whole process with "Check failed: jit_page_->allocations_.erase(addr) == 1"
// when it frees the wasm-to-JS import wrappers it has replaced after tiering one up (the stack:
// Runtime_TierUpWasmToJSWrapper, WasmEngine::FreeDeadCode, WasmImportWrapperCache::Free). PGlite calls its
// JavaScript imports all the time, from the API's thread and from its own. Its imports keep V8's generic
// wrapper instead, so that path never runs: V8 reads this budget when a module is instantiated, so this module
// is imported before any PGlite starts (decision 0074).
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--wasm-wrapper-tiering-budget=2147483647');
