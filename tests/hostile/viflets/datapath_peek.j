; Reaching into the datapath's own tables (the package-private class
; Since "compile at load" (vm_prepare_class resolves everything its code
; names before the swap) the class is refused at load with that reason.
; vif.Datapath: every VIFlet and every held packet of the VM): access is
; checked, IllegalAccessError aborts the VIFlet at its first dequeue().
; viflet: DatapathPeekViflet
; expect-refused: ^vifd: error: --load pcap/tcp=.*: class DatapathPeekViflet refused: .*java\.lang\.IllegalAccessError
.version 49
.class public DatapathPeekViflet
.super vif/VIFlet
.method public <init> ()V
.limit stack 1
.limit locals 1
  aload_0
  invokespecial vif/VIFlet <init> ()V
  return
.end method
.method public dequeue ()Lvif/Packet;
.limit stack 3
.limit locals 2
  getstatic vif/Datapath held [Ljava/lang/Object;
  iconst_0
  aaload
  checkcast vif/Packet
  areturn
.end method
