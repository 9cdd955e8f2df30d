internal import CSyringeRuntime

/// The process's environment, read through the C library (the runtime's C half), with no Foundation.
enum ProcessEnvironment {
    /// The value of the environment variable `name`, `nil` when it is not set.
    ///
    /// ```swift fragment
    /// ProcessEnvironment.value(of: "SYRINGE_LOGGING_ENABLED")  // "1" when logging is asked for
    /// ```
    static func value(of name: String) -> String? {
        guard let value = syringe_environment_value(name) else { return nil }
        return String(cString: value)
    }

    /// Writes `text` to standard error at once, unbuffered (``Container/writeTrace(_:)`` uses it).
    ///
    /// ```swift fragment
    /// ProcessEnvironment.writeToStandardError("Syringe: …\n")
    /// ```
    static func writeToStandardError(_ text: String) {
        syringe_write_standard_error(text, text.utf8.count)
    }
}
