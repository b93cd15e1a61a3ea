<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="square_terrain" tilewidth="32" tileheight="32" tilecount="16" columns="4">
 <image source="square_terrain.png" width="128" height="128"/>
 <tile id="0">
  <properties>
   <property name="name" value="floor"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="name" value="rough floor"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="light" value="dark"/>
   <property name="name" value="dark floor"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="light" value="dim"/>
   <property name="name" value="dim floor"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="move_cost" type="float" value="2"/>
   <property name="name" value="mud"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="blocks_los" type="bool" value="true"/>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="name" value="wall"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="name" value="paving"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="name" value="deep water"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="cover" type="int" value="1"/>
   <property name="cover_height_ft" type="float" value="3"/>
   <property name="name" value="crates"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="cover" type="int" value="1"/>
   <property name="cover_height_ft" type="float" value="3"/>
   <property name="name" value="sandbags"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="cover" type="int" value="2"/>
   <property name="cover_height_ft" type="float" value="6"/>
   <property name="name" value="barricade"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="cover" type="int" value="3"/>
   <property name="cover_height_ft" type="float" value="10"/>
   <property name="name" value="machinery"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="cover" type="int" value="1"/>
   <property name="cover_height_ft" type="float" value="4"/>
   <property name="name" value="market stall"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="name" value="fence"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="light" value="dark"/>
   <property name="name" value="shadow"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="light" value="dim"/>
   <property name="name" value="gloom"/>
  </properties>
 </tile>
</tileset>
