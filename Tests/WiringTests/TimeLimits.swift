/// Seconds a test waits for a thread, a signal or a child process's work before it calls it a
/// hang and fails. CI runs these tests under ThreadSanitizer on two shared cores, where what
/// takes milliseconds alone has taken many seconds, and the heaviest thread work some 36 s (four
/// threads × 50,000 weakSingletons, on 2 cores that 4 busy loops shared). A wait that is
/// signalled returns at once, so only a real hang waits this long.
let hangLimit: Double = 180

/// Seconds a hook or initializer that a test blocks holds on before it goes on by itself: longer
/// than `hangLimit`, so that a test that waits `hangLimit` for a thread the hold must not block
/// fails before the hold would let that thread through.
let holdLimit: Double = 2 * hangLimit
