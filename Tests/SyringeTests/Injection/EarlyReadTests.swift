import Syringe
import Testing

private protocol Engine: AnyObject, Sendable {}

private final class Car {
    @Injected var engine: any Engine
}

// Exit tests run where a test can start a child process (not on iOS, tvOS, watchOS or visionOS).
#if os(macOS) || os(Linux) || os(Windows)
    @Suite("Reading an @Injected property before injection")
    struct EarlyReadTests {
        @Test(
            "Reading a required property before injection stops with a message naming the property's type and declaration"
        )
        func earlyReadStops() async {
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                _ = Car().engine
            }.map { result in
                let message = String(decoding: result.standardErrorContent, as: UTF8.self)
                #expect(message.contains("@Injected"))
                #expect(message.contains("any Engine") || message.contains("Engine"))
                #expect(message.contains("EarlyReadTests.swift:7"))
                #expect(message.contains("property of Car"))
                #expect(message.contains("inject(into:)"))
            }
        }
    }
#endif
