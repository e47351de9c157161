import BubbleScenario

/// A scenario runner's hash before its first step.
enum ScenarioRunnerProbe {
    static func start(_ scenario: Scenario) throws -> UInt64 { try ScenarioRunner(scenario).stateHash() }
}
