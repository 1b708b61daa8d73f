/**
 * The names each language gives every file without an import: globals, builtins, the prelude and
 * the default imports. Kept to what the language or its standard runtime defines; a name missing
 * here can only cause a finding on code that uses it without declaring it, which the diff and
 * retrieval corpora measure (`npm run bench`).
 */
const words = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/).filter(Boolean));

/** ECMAScript globals, the browser's and Node's common ones, and TypeScript's value-level names. */
const JS = words(`
  undefined NaN Infinity globalThis arguments eval isFinite isNaN parseFloat parseInt decodeURI decodeURIComponent encodeURI encodeURIComponent escape unescape
  Object Function Boolean Symbol Error AggregateError EvalError RangeError ReferenceError SyntaxError TypeError URIError Number BigInt Math Date String RegExp
  Array Int8Array Uint8Array Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array Float32Array Float64Array BigInt64Array BigUint64Array
  Map Set WeakMap WeakSet WeakRef FinalizationRegistry ArrayBuffer SharedArrayBuffer DataView Atomics JSON Promise Reflect Proxy Intl Iterator
  console window self document navigator location history localStorage sessionStorage screen performance crypto indexedDB caches frames parent top opener
  alert confirm prompt fetch setTimeout clearTimeout setInterval clearInterval setImmediate clearImmediate queueMicrotask requestAnimationFrame cancelAnimationFrame
  requestIdleCallback cancelIdleCallback structuredClone atob btoa reportError getComputedStyle matchMedia open close print postMessage addEventListener removeEventListener dispatchEvent
  URL URLSearchParams Blob File FileReader FormData Headers Request Response AbortController AbortSignal Event EventTarget CustomEvent MessageChannel MessagePort BroadcastChannel
  TextEncoder TextDecoder Worker WebSocket XMLHttpRequest Image Audio Option Node Element HTMLElement DOMParser MutationObserver IntersectionObserver ResizeObserver
  process Buffer require module exports __dirname __filename global
  React JSX
`);

/** Python's builtins module. */
const PYTHON = words(`
  abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile complex copyright credits delattr dict dir divmod
  enumerate eval exec exit filter float format frozenset getattr globals hasattr hash help hex id input int isinstance issubclass iter len license list
  locals map max memoryview min next object oct open ord pow print property quit range repr reversed round set setattr slice sorted staticmethod str sum
  super tuple type vars zip __import__ None True False Ellipsis NotImplemented self cls
  BaseException BaseExceptionGroup Exception ExceptionGroup ArithmeticError AssertionError AttributeError BlockingIOError BrokenPipeError BufferError
  ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError ConnectionResetError EOFError EnvironmentError FileExistsError
  FileNotFoundError FloatingPointError GeneratorExit IOError ImportError IndentationError IndexError InterruptedError IsADirectoryError KeyError
  KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError NotADirectoryError NotImplementedError OSError OverflowError PermissionError
  ProcessLookupError PythonFinalizationError RecursionError ReferenceError RuntimeError StopAsyncIteration StopIteration SyntaxError SystemError SystemExit
  TabError TimeoutError TypeError UnboundLocalError UnicodeDecodeError UnicodeEncodeError UnicodeError UnicodeTranslateError ValueError ZeroDivisionError
  Warning UserWarning DeprecationWarning PendingDeprecationWarning SyntaxWarning RuntimeWarning FutureWarning ImportWarning UnicodeWarning BytesWarning
  ResourceWarning EncodingWarning
`);

/** java.lang, which every Java file imports, and `var`. */
const JAVA = words(`
  var Object String StringBuilder StringBuffer CharSequence Math StrictMath System Runtime Thread ThreadLocal InheritableThreadLocal Runnable Iterable
  Comparable Cloneable AutoCloseable Appendable Readable Class ClassLoader Enum Record Void Boolean Byte Character Short Integer Long Float Double Number
  Process ProcessBuilder StackTraceElement StackWalker Module Package SecurityManager ScopedValue
  Throwable Exception Error RuntimeException ArithmeticException ArrayIndexOutOfBoundsException ArrayStoreException ClassCastException ClassNotFoundException
  CloneNotSupportedException IllegalAccessException IllegalArgumentException IllegalCallerException IllegalMonitorStateException IllegalStateException
  IllegalThreadStateException IndexOutOfBoundsException InstantiationException InterruptedException NegativeArraySizeException NoSuchFieldException
  NoSuchMethodException NullPointerException NumberFormatException ReflectiveOperationException SecurityException StringIndexOutOfBoundsException
  TypeNotPresentException UnsupportedOperationException EnumConstantNotPresentException LayerInstantiationException MatchException WrongThreadException
  AssertionError LinkageError OutOfMemoryError StackOverflowError VirtualMachineError InternalError UnknownError ExceptionInInitializerError
  NoClassDefFoundError UnsatisfiedLinkError ClassFormatError IncompatibleClassChangeError AbstractMethodError NoSuchFieldError NoSuchMethodError
  Override Deprecated SuppressWarnings FunctionalInterface SafeVarargs length
`);

/** The default imports of every Kotlin file (kotlin.*, collections, ranges, sequences, text, io, comparisons, annotations), common names. */
const KOTLIN = words(`
  it field value true false null Any Unit Nothing Boolean Byte Short Int Long Float Double Char String CharSequence Number Array BooleanArray ByteArray ShortArray IntArray
  LongArray FloatArray DoubleArray CharArray UByte UShort UInt ULong Pair Triple Result Lazy Comparable Comparator Enum Throwable Exception Error
  RuntimeException IllegalArgumentException IllegalStateException IndexOutOfBoundsException NoSuchElementException NullPointerException
  UnsupportedOperationException ArithmeticException ClassCastException NumberFormatException ConcurrentModificationException AssertionError
  NotImplementedError KotlinNullPointerException
  Iterable Iterator Collection List MutableList Set MutableSet Map MutableMap ArrayList HashMap HashSet LinkedHashMap LinkedHashSet Sequence
  IntRange LongRange CharRange Regex StringBuilder Appendable Deprecated Suppress JvmStatic JvmField JvmOverloads JvmName Throws Volatile Synchronized
  Transient Strictfp PublishedApi OptIn RequiresOptIn DslMarker
  println print readLine readln require requireNotNull check checkNotNull error TODO repeat run let apply also with takeIf takeUnless lazy lazyOf
  listOf listOfNotNull mutableListOf arrayListOf setOf mutableSetOf hashSetOf linkedSetOf mapOf mutableMapOf hashMapOf linkedMapOf emptyList emptySet
  emptyMap emptyArray arrayOf arrayOfNulls intArrayOf longArrayOf doubleArrayOf floatArrayOf booleanArrayOf charArrayOf byteArrayOf shortArrayOf
  sequenceOf emptySequence generateSequence sequence buildList buildSet buildMap buildString maxOf minOf compareBy compareValues compareValuesBy
  naturalOrder reverseOrder runCatching synchronized assert to until downTo step
`);

/** Go's universe block. */
const GO = words(`
  append cap clear close complex copy delete imag len make max min new panic print println real recover
  bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr any
  true false iota nil _
`);

/** Rust's prelude, primitive types and `Self`. */
const RUST = words(`
  Self Option Some None Result Ok Err Vec String Box ToString ToOwned Clone Copy Send Sync Sized Unpin Drop Fn FnMut FnOnce Iterator IntoIterator
  DoubleEndedIterator ExactSizeIterator Extend FromIterator Default Debug PartialEq Eq PartialOrd Ord Hash AsRef AsMut Into From TryFrom TryInto
  _ drop bool char str u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64
`);

/** By base language (`baseLanguage`: JavaScript's ids are TypeScript's). */
export const BUILTINS: Readonly<Record<string, ReadonlySet<string>>> = {
  typescript: JS,
  python: PYTHON,
  java: JAVA,
  kotlin: KOTLIN,
  go: GO,
  rust: RUST,
};
