#if canImport(CCurl)
    import CCurl
    import ErrorCore
    import Foundation

    /// What the engine does to transfers: attach, command, complete, detach. Everything here runs under the
    /// drive lock, on whichever thread holds it.
    extension CurlEngine {
        func execute(_ command: Command, now: UInt64) {
            switch command {
            case .add(let transfer):
                attach(transfer, now: now)
            case .remove(let transfer):
                if transfer.isAttached { detach(transfer) }
            case .unpause(let transfer):
                guard transfer.isAttached else { return }
                // Reading resumes, and so does the idle clock; unpausing may deliver (and pause) at once.
                transfer.pausedByConsumer = false
                transfer.sawActivity = true
                sdk_curl_easy_unpause(transfer.handle.raw)
            case .drain(let transfer):
                guard transfer.isAttached, transfer.drainDeadline == nil else { return }
                transfer.drainDeadline = now + transfer.drainWindow
                watch(transfer)
                // A transfer paused for its (now gone) consumer must read again to reach its end.
                if transfer.pausedByConsumer {
                    transfer.pausedByConsumer = false
                    sdk_curl_easy_unpause(transfer.handle.raw)
                }
            }
        }

        /// Hands `transfer` to curl (which starts it at its next timer run, due at once), unless it was
        /// cancelled on its way here.
        func attach(_ transfer: CurlTransfer, now: UInt64) {
            guard !transfer.isCancelled else {
                transfer.releaseHandle()
                return
            }
            let result = multi.add(transfer.handle.raw)
            guard result == CURLM_OK else {
                transfer.releaseHandle()
                let message =
                    curl_multi_strerror(result).map { String(cString: $0) } ?? "curl_multi_add_handle failed"
                transfer.fail(TransportError(code: .unknown, requestSent: false, message: message))
                return
            }
            _ = Unmanaged.passRetained(transfer)
            transfer.isAttached = true
            transfer.attachedAt = now
            attachedCount += 1
            if transfer.deadline != .max { time(transfer) }
            if transfer.limits.idle > 0 {
                // The idle clock starts now.
                transfer.lastActivity = now
                watch(transfer)
            }
        }

        func collectFinished() {
            while let (easy, result) = multi.nextFinished() {
                var context: UnsafeMutableRawPointer?
                sdk_curl_easy_getinfo_pointer(easy, CURLINFO_PRIVATE, &context)
                guard let transfer = CurlEasyHandle.transfer(context) else { continue }
                transfer.complete(result)
                finished.append(transfer)
                detach(transfer)
            }
        }

        func detach(_ transfer: CurlTransfer) {
            multi.remove(transfer.handle.raw)
            transfer.isAttached = false
            attachedCount -= 1
            unwatch(transfer)
            untime(transfer)
            transfer.releaseHandle()
            Unmanaged.passUnretained(transfer).release()
        }
    }
#endif
