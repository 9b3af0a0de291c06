describe("the cardlab program's Lua side", function()
  it("loads the vm module", function()
    local vm = require "cardlab.vm"
    assert.equal("string", type(vm.version))
  end)
end)
