import ErrorCore
import Foundation
import Testing

@testable import SDKTransport

@Suite struct BodyStreamBufferTests {
    final class Producer: BodyStreamProducer {
        let resumed = Locked(0)
        let stopped = Locked(0)
        func resumeProducing() { resumed.withLock { $0 += 1 } }
        func stopProducing() { stopped.withLock { $0 += 1 } }
    }

    func offer(_ buffer: BodyStreamBuffer, _ count: Int) -> Bool {
        Data(repeating: 7, count: count).withUnsafeBytes { buffer.offer($0) }
    }

    @Test func fullBufferRefusesAndDrainingToLowWaterResumes() async throws {
        let buffer = BodyStreamBuffer(highWater: 100)
        let producer = Producer()
        buffer.attach(producer)
        #expect(offer(buffer, 60))
        #expect(offer(buffer, 60))  // 120 queued: over the mark, but this one was taken
        #expect(!offer(buffer, 10))  // full: refused, nothing taken
        #expect(buffer.pauseCount == 1)
        #expect(try await buffer.next()?.count == 60)  // 60 left: above low water (50)
        #expect(producer.resumed.withLock { $0 } == 0)
        #expect(try await buffer.next()?.count == 60)  // 0 left: resume once
        #expect(producer.resumed.withLock { $0 } == 1)
        #expect(buffer.peakBufferedBytes == 120)
    }

    @Test func finishDeliversQueuedChunksThenEnds() async throws {
        let buffer = BodyStreamBuffer()
        #expect(offer(buffer, 3))
        buffer.finish()
        #expect(try await buffer.next()?.count == 3)
        #expect(try await buffer.next() == nil)
        #expect(try await buffer.next() == nil)
    }

    @Test func failureIsThrownOnceAfterTheQueuedChunks() async throws {
        let buffer = BodyStreamBuffer()
        #expect(offer(buffer, 3))
        let failure = TransportError(code: .networkConnectionLost, requestSent: true, message: "gone")
        buffer.finish(throwing: failure)
        #expect(try await buffer.next()?.count == 3)
        await #expect(throws: failure) { try await buffer.next() }
        #expect(try await buffer.next() == nil)
    }

    @Test func cancelWakesTheConsumerAndStopsTheProducerOnce() async throws {
        let buffer = BodyStreamBuffer()
        let producer = Producer()
        buffer.attach(producer)
        let reader = Task { try await buffer.next() }
        buffer.cancel()
        buffer.cancel()
        await #expect(throws: CancellationError.self) { try await reader.value }
        #expect(producer.stopped.withLock { $0 } == 1)
        #expect(offer(buffer, 5))  // late chunks are accepted and dropped
        await #expect(throws: CancellationError.self) { try await buffer.next() }
    }

    @Test func cancellingTheConsumingTaskCancelsTheStream() async throws {
        let buffer = BodyStreamBuffer()
        let producer = Producer()
        buffer.attach(producer)
        let reader = Task { try await buffer.next() }
        reader.cancel()
        await #expect(throws: CancellationError.self) { try await reader.value }
        #expect(producer.stopped.withLock { $0 } == 1)
    }

    @Test func droppingAnUnstartedStreamCancelsButDroppingTheValueWhileIteratingDoesNot() async throws {
        let unread = BodyStreamBuffer()
        let unreadProducer = Producer()
        unread.attach(unreadProducer)
        do { _ = HTTPBodyStream(buffer: unread) }
        #expect(unreadProducer.stopped.withLock { $0 } == 1)

        let read = BodyStreamBuffer()
        let readProducer = Producer()
        read.attach(readProducer)
        var iterator: HTTPBodyStream.AsyncIterator
        do { iterator = HTTPBodyStream(buffer: read).makeAsyncIterator() }
        #expect(readProducer.stopped.withLock { $0 } == 0)
        #expect(offer(read, 4))
        read.finish()
        #expect(try await iterator.next()?.count == 4)
    }

    @Test func doubleStreamReplaysChunksAndFailure() async throws {
        let failure = TransportError(code: .timedOut, requestSent: true, message: "late")
        let stream = HTTPBodyStream(chunks: [Data("a".utf8), Data("b".utf8)], failure: failure)
        var seen: [String] = []
        await #expect(throws: failure) {
            for try await chunk in stream { seen.append(String(decoding: chunk, as: UTF8.self)) }
        }
        #expect(seen == ["a", "b"])
        let fine = HTTPBodyStream(chunks: [Data("xyz".utf8)])
        #expect(try await fine.collect(upTo: 3) == Data("xyz".utf8))
        await #expect(throws: TransportError.self) {
            try await HTTPBodyStream(chunks: [Data("xyz".utf8)]).collect(upTo: 2)
        }
    }
}
