import Testing

#if canImport(XCTest)
    import XCTest
#endif

/// Reports a test failure in the test framework that runs the caller: an issue in the current Swift Testing
/// test (``Testing/Issue/record(_:sourceLocation:)``), else `XCTFail` under XCTest.
///
/// Swift Testing's current test is a task-local value, so code running in the test's task or its child tasks
/// records into it; code on another thread, or run by an XCTest test, reports through `XCTFail`.
func reportTestFailure(_ message: String, at location: SourceLocation) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message), sourceLocation: location)
        return
    }
    #if canImport(XCTest)
        // XCTest takes the location as a `StaticString`: it is named in the message instead.
        XCTFail("\(message) (\(location.fileID):\(location.line))")
    #else
        Issue.record(Comment(rawValue: message), sourceLocation: location)
    #endif
}
