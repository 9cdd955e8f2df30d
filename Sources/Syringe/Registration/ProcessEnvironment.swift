// The one read of the process's environment for launch contexts (LaunchContext.swift), through the C library's
// `getenv`: the standard library has no environment read without Foundation. Kept to this one function so that it
// can move into the C shim the runtime's C-library calls go through.
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#endif

/// The value of the process's environment variable `name`, or `nil` when it is not set.
func processEnvironmentValue(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}
