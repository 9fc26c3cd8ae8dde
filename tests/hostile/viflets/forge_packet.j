; Returning a packet it never received, made up: dequeue() creates a
; vif.Packet through its private constructor.  IllegalAccessError aborts
; the VIFlet; no made-up packet reaches the output.
; Since "compile at load" (vm_prepare_class resolves everything its code
; names before the swap) the class is refused at load with that reason.
; viflet: ForgePacketViflet
; expect-refused: ^vifd: error: --load pcap/tcp=.*: class ForgePacketViflet refused: .*java\.lang\.IllegalAccessError
.version 49
.class public ForgePacketViflet
.super vif/VIFlet
.method public <init> ()V
.limit stack 1
.limit locals 1
  aload_0
  invokespecial vif/VIFlet <init> ()V
  return
.end method
.method public dequeue ()Lvif/Packet;
.limit stack 2
.limit locals 1
  new vif/Packet
  dup
  invokespecial vif/Packet <init> ()V
  areturn
.end method
