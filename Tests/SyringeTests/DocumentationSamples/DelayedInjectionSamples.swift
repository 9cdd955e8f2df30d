import Syringe
import Testing

/// The samples of Documentation/DelayedInjection.md.
@Suite("Documentation: delayed injection")
struct DelayedInjectionSamples {
    final class Analytics {}

    final class Dashboard {
        let analytics: Lazy<Analytics>
        init(analytics: Lazy<Analytics>) { self.analytics = analytics }
    }

    final class Ticket {
        let seat: Int
        init(seat: Int) { self.seat = seat }
    }

    final class Kiosk {
        let tickets: Provider<Ticket>
        init(tickets: Provider<Ticket>) { self.tickets = tickets }
    }

    final class Theme {}

    final class Window {
        let theme: Theme
        let graph: GraphIdentifier
        init(theme: Theme, graph: GraphIdentifier) {
            self.theme = theme
            self.graph = graph
        }
    }

    final class Toolbar {
        let theme: Theme
        init(theme: Theme) { self.theme = theme }
    }

    final class Printer {}

    @Test("Lazy resolves on first access and keeps the instance")
    func lazy() {
        let made = SampleCounter()
        let container = Container()
        container.register(Analytics.self) { _ in
            made.increment()
            return Analytics()
        }
        container.register(Dashboard.self) { r in Dashboard(analytics: r.resolve(Lazy<Analytics>.self)!) }

        let dashboard = container.resolve(Dashboard.self)!
        #expect(made.value == 0)
        let analytics = dashboard.analytics.instance
        #expect(made.value == 1)
        #expect(dashboard.analytics.instance === analytics)
        #expect(made.value == 1)
    }

    @Test("Provider resolves on every access; the scope decides whether it is a new instance")
    func provider() {
        let container = Container()
        container.register(Ticket.self) { _ in Ticket(seat: 1) }
        container.register(Kiosk.self) { r in Kiosk(tickets: r.resolve(Provider<Ticket>.self)!) }

        let kiosk = container.resolve(Kiosk.self)!
        #expect(kiosk.tickets.instance !== kiosk.tickets.instance)

        container.register(Printer.self) { _ in Printer() }.inObjectScope(.container)
        let printers = container.resolve(Provider<Printer>.self)!
        #expect(printers.instance === printers.instance)
    }

    @Test("Lazy and Provider keep the name and arguments of the request")
    func namesAndArguments() {
        let container = Container()
        container.register(Ticket.self, name: "vip") { _, seat in Ticket(seat: seat) }

        let lazy = container.resolve(Lazy<Ticket>.self, name: "vip", argument: 7)
        let provider = container.resolve(Provider<Ticket>.self, name: "vip", argument: 9)
        #expect(lazy?.instance.seat == 7)
        #expect(provider?.instance.seat == 9)
    }

    @Test("a wrapper of an unregistered type is not resolved")
    func unregistered() {
        let container = Container()
        #expect(container.resolve(Lazy<Analytics>.self) == nil)
        #expect(container.resolve(Provider<Analytics>.self) == nil)
        do {
            _ = try container.require(Lazy<Analytics>.self)
            Issue.record("require should have thrown")
        } catch {
            guard case .notRegistered = error.kind else {
                Issue.record("unexpected kind \(error.kind)")
                return
            }
            #expect(error.request.description == "Analytics")
        }
    }

    @Test("Optional resolves to nil inside when the type is not registered, without a failure")
    func optional() throws {
        let container = Container()
        let missing = try container.require(Analytics?.self)
        #expect(missing == nil)

        container.register(Analytics.self) { _ in Analytics() }
        let present = try container.require(Analytics?.self)
        #expect(present != nil)
    }

    @Test("require() on a Lazy or Provider throws instead of stopping when the container is gone")
    func requireAfterRelease() {
        var container: Container? = Container()
        container?.register(Ticket.self) { _ in Ticket(seat: 3) }
        let tickets = container?.resolve(Provider<Ticket>.self)
        #expect((try? tickets?.require())?.seat == 3)

        container = nil
        do {
            _ = try tickets?.require()
            Issue.record("require should have thrown")
        } catch {
            guard case .containerReleased = error.kind else {
                Issue.record("unexpected kind \(error.kind)")
                return
            }
            #expect(
                error.description == """
                    Syringe: cannot resolve Ticket: the container that made this Lazy or Provider of Ticket has been released.
                      To fix: keep the container alive as long as the services that hold its Lazy or Provider values.
                    """
            )
        }
    }

    @Test("withObjectGraph joins an existing object graph")
    func withObjectGraph() {
        let container = Container()
        container.register(Theme.self) { _ in Theme() }
        container.register(Window.self) { r in
            Window(theme: r.resolve(Theme.self)!, graph: r.resolve(GraphIdentifier.self)!)
        }
        container.register(Toolbar.self) { r in Toolbar(theme: r.resolve(Theme.self)!) }

        let window = container.resolve(Window.self)!
        let toolbar = container.withObjectGraph(window.graph) { $0.resolve(Toolbar.self)! }
        #expect(toolbar.theme === window.theme)
        #expect(container.resolve(Toolbar.self)?.theme !== window.theme)
    }

    @Test("a new GraphIdentifier starts a graph several resolves can share")
    func newGraph() {
        let container = Container()
        container.register(Theme.self) { _ in Theme() }

        let graph = GraphIdentifier()
        let (first, second) = container.withObjectGraph(graph) { c in
            (c.resolve(Theme.self)!, c.resolve(Theme.self)!)
        }
        #expect(first === second)
        #expect(graph != GraphIdentifier())
    }

    final class Engine {}

    final class Car {
        let engine: Engine
        let spare: Engine
        init(engine: Engine, spare: Engine) {
            self.engine = engine
            self.spare = spare
        }
    }

    final class LabelledPrinter {
        let label: String
        init(label: String) { self.label = label }
    }

    @Test("A Provider read inside a factory joins the resolution's graph")
    func insideAFactory() {
        let container = Container()
        container.register(Engine.self) { _ in Engine() }
        container.register(Car.self) { r in
            Car(engine: r.resolve(Engine.self)!, spare: r.resolve(Provider<Engine>.self)!.instance)
        }
        let car = container.resolve(Car.self)!
        #expect(car.engine === car.spare)
    }

    @Test("A Provider is bound to the registration it was made from")
    func boundToARegistration() {
        let container = Container()
        container.register(LabelledPrinter.self) { _ in LabelledPrinter(label: "old") }
        let printers = container.resolve(Provider<LabelledPrinter>.self)!
        container.register(LabelledPrinter.self) { _ in LabelledPrinter(label: "new") }
        #expect(printers.instance.label == "old")
        #expect(container.resolve(LabelledPrinter.self)!.label == "new")
    }
}
