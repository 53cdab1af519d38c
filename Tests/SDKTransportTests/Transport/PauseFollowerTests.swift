import Dispatch
import ErrorCore
import Foundation
import TestSupport
import Testing

@testable import SDKTransport

/// The pause and resume of a streamed URLSession task, as one ordered sequence: the buffer decides,
/// the follower applies, and the task never stays suspended after the consumer asked for more.
@Suite struct PauseFollowerTests {
    /// What the follower applied to the "task", in order.
    final class SuspendableTask: Sendable {
        let applied = Locked<[Bool]>([])
        var suspended: Bool { applied.withLock { $0.last ?? false } }
        func apply(_ paused: Bool) { applied.withLock { $0.append(paused) } }
    }

    /// A producer that only records that the consumer asked it to resume.
    final class Producer: BodyStreamProducer {
        let resumeRequests = Locked(0)
        func resumeProducing() { resumeRequests.withLock { $0 += 1 } }
        func stopProducing() {}
    }

    /// The interleaving that left Apple's task suspended for good: the delegate's push decides
    /// "pause", the consumer drains and decides "resume" and acts on it, and only then does the
    /// delegate act on its pause. Both acts read the decision as it stands, so the late one changes
    /// nothing and the task is never suspended.
    @Test func aPauseActedOnAfterTheResumeLeavesTheTaskRunning() async throws {
        let buffer = BodyStreamBuffer(highWater: 4)
        let follower = PauseFollower(queue: DispatchQueue(label: "test.pause-follower"))
        let task = SuspendableTask()
        #expect(buffer.push(Data(count: 8)))  // the delegate's decision: pause
        #expect(buffer.isProducerPaused)
        #expect(try await buffer.next()?.count == 8)  // the consumer drains: resume
        #expect(!buffer.isProducerPaused)
        follower.follow({ buffer.isProducerPaused }, apply: task.apply)  // the consumer acts first
        follower.follow({ buffer.isProducerPaused }, apply: task.apply)  // the delegate acts late
        follower.settle()
        // Acted on as messages, "suspend" arriving after "resume" would have ended suspended.
        #expect(!task.suspended)
        #expect(task.applied.withLock { $0 }.isEmpty)
    }

    /// Thousands of random interleavings: pushes and drains decide, and each decision's act is
    /// delivered to the follower at a random later point, out of order with the others. Once every
    /// act has run, the task's state is the buffer's last decision.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func everyInterleavingEndsAtTheLastDecision(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<250 {
            let buffer = BodyStreamBuffer(highWater: 16)
            let producer = Producer()
            buffer.attach(producer)
            let follower = PauseFollower(queue: DispatchQueue(label: "test.pause-follower"))
            let task = SuspendableTask()
            var pendingActs = 0
            var queued = 0
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                if Bool.random(using: &random) || queued == 0 {
                    let size = Int.random(in: 1...12, using: &random)
                    if buffer.push(Data(count: size)) { pendingActs += 1 }
                    queued += 1
                } else {
                    let before = producer.resumeRequests.withLock { $0 }
                    _ = try await buffer.next()
                    queued -= 1
                    pendingActs += producer.resumeRequests.withLock { $0 } - before
                }
                // Some of the acts decided so far reach the follower now, the rest later.
                let now = Int.random(in: 0...pendingActs, using: &random)
                for _ in 0..<now { follower.follow({ buffer.isProducerPaused }, apply: task.apply) }
                pendingActs -= now
            }
            for _ in 0..<pendingActs { follower.follow({ buffer.isProducerPaused }, apply: task.apply) }
            follower.settle()
            #expect(task.suspended == buffer.isProducerPaused)
            // Applied states alternate: never two suspends or two resumes in a row.
            let applied = task.applied.withLock { $0 }
            #expect(zip(applied, applied.dropFirst()).allSatisfy { $0 != $1 })
        }
    }
}
