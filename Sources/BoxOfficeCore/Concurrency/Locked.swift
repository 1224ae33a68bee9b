#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// State shared between threads behind one `Synchronization.Mutex`, in a form ThreadSanitizer can
/// follow: every piece of shared mutable state in the package lives in one of these.
///
/// On Linux, `Mutex` hands a contended lock from one thread to the next inside the kernel (its slow
/// path, a priority-inheritance futex in the prebuilt, uninstrumented Synchronization library), so
/// ThreadSanitizer sees no acquire and reports the state the lock guards as raced, both accesses
/// inside the same `withLock`. A `Locked` tells ThreadSanitizer of each hand-over itself, when the
/// process runs with it (`__tsan_acquire`/`__tsan_release`, found at run time); otherwise the calls
/// are not made, and it is a plain `Mutex`.
package final class Locked<Value: ~Copyable>: Sendable {
    private let mutex: Mutex<Value>

    package init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        let identity = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
        return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            ThreadSanitizer.acquire?(identity)
            defer { ThreadSanitizer.release?(identity) }
            return try body(&value)
        }
    }
}

/// ThreadSanitizer's annotations for synchronisation it cannot see, when its runtime is in the
/// process (a build with `--sanitize=thread`); nil otherwise.
private enum ThreadSanitizer {
    typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

    static let acquire = symbol("__tsan_acquire")
    static let release = symbol("__tsan_release")

    private static func symbol(_ name: String) -> Annotation? {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let address = dlsym(everywhere, name) else { return nil }
        return unsafeBitCast(address, to: Annotation.self)
    }
}
