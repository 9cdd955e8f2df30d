internal import CSyringeRuntime

/// The process's environment and standard error, through the C library, with no Foundation.
enum ProcessEnvironment {
    /// The value of the environment variable `name`, `nil` when it is not set.
    static func value(of name: String) -> String? {
        guard let value = syringe_environment_value(name) else { return nil }
        return String(cString: value)
    }

    /// Writes `text` to standard error at once, unbuffered.
    static func writeToStandardError(_ text: String) {
        syringe_write_standard_error(text, text.utf8.count)
    }
}
