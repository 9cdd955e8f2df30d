import Synchronization
import Syringe

/// Where flushed bookmarks end up: the store's "disk", kept apart from the store so a test can read what a shutdown
/// flushed after the store is gone.
public final class BookmarkDisk: Sendable {
    private let saved = Mutex<[Bookmark]>([])

    public init() {}

    /// The bookmarks flushed so far.
    public var bookmarks: [Bookmark] { saved.withLock { $0 } }

    func write(_ bookmarks: [Bookmark]) { saved.withLock { $0 = bookmarks } }
}

/// The bookmarks, in an actor opened with `await` (as a database connection is) and flushed when the container
/// shuts down: `AsyncDisposable`, so `await container.async.shutdown()` waits for the flush.
public actor BookmarkStore: AsyncDisposable {
    private let disk: BookmarkDisk
    private var bookmarks: [Bookmark]
    private var nextID: Int

    private init(disk: BookmarkDisk) {
        self.disk = disk
        bookmarks = disk.bookmarks
        nextID = (bookmarks.map(\.id).max() ?? 0) + 1
    }

    /// Opens the store: reads what the disk holds (a real store would connect here).
    public static func open(disk: BookmarkDisk) async throws -> BookmarkStore {
        await Task.yield()
        return BookmarkStore(disk: disk)
    }

    public func add(_ new: NewBookmark) -> Bookmark {
        let bookmark = Bookmark(id: nextID, title: new.title, url: new.url)
        nextID += 1
        bookmarks.append(bookmark)
        return bookmark
    }

    public func all() -> [Bookmark] { bookmarks }

    /// Writes every bookmark to the disk.
    public func dispose() async {
        disk.write(bookmarks)
    }
}
